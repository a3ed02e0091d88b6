import { SimpleGrid } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useAtom } from "jotai";
import { profileSchema } from "../../../core/validation/auth-schemas";
import { FormCard } from "../../components/form/form-card";
import { storedUserAtom } from "../../lib/app-state";
import { sendCommand } from "../../offline/commands";
import { ProfileField } from "./profile-field";

interface InfoValues {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
}

/** Change Info: PUT user/me/; the stored user follows the answer. */
export function ChangeInfoForm() {
  const [user, setUser] = useAtom(storedUserAtom);
  const { t } = useLingui();
  if (!user) return null;

  const initial: InfoValues = {
    first_name: user.first_name ?? "",
    last_name: user.last_name ?? "",
    email: user.email ?? "",
    phone: user.phone ?? "",
  };

  const send = async (values: InfoValues) => {
    const updated = await sendCommand("profile-edit", values);
    setUser({ ...user, ...values, ...updated });
  };

  return (
    <FormCard<InfoValues> title={t`Change Info`} initialValues={initial} schema={profileSchema} send={send} onlyWhenChanged>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <ProfileField name="first_name" label={<Trans>First name</Trans>} autoComplete="given-name" />
        <ProfileField name="last_name" label={<Trans>Last name</Trans>} autoComplete="family-name" />
        <ProfileField name="email" label={<Trans>Email</Trans>} type="email" autoComplete="email" />
        <ProfileField name="phone" label={<Trans>Phone</Trans>} type="tel" autoComplete="tel" />
      </SimpleGrid>
    </FormCard>
  );
}
