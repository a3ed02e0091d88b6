/** An employee as the API answers it. */
export interface EmployeeRecord {
  id: number;
  name: string;
  phone: string;
  gender: string;
  address: string;
  image: string | null;
  date_of_birth: string | null;
  position: number | null;
  position_name: string | null;
  salary_structure: string;
  hire_date: string | null;
  is_active: boolean;
  left_date: string | null;
  branch: number;
  branch_name: string;
}
