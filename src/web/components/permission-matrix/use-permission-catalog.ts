import { useEffect, useState } from "react";
import type { PermissionInfo } from "../../../core/permission-catalog";
import { api } from "../../lib/api-client";

export interface RoleRef {
  id: number;
  name: string;
  permissions: string[];
}

/** A list read once from the server for a form (the permission catalogue, the roles); empty until it arrives. */
function useServerList<T>(path: string): T[] {
  const [rows, setRows] = useState<T[]>([]);
  useEffect(() => {
    let cancelled = false;
    api
      .get(path)
      .json<T[]>()
      .then((loaded) => {
        if (!cancelled) setRows(loaded);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [path]);
  return rows;
}

/** Every permission code with its area and model (`user/permissions/`). */
export const usePermissionCatalog = () => useServerList<PermissionInfo & { name: string }>("user/permissions/");

/** The roles (groups) with their codes (`user/group/all/`). */
export const useRoles = () => useServerList<RoleRef>("user/group/all/");
