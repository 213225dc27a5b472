import { PersonalForm } from "~/features/profile/PersonalForm";
import { useProfile } from "~/lib/session/use-session";

/** /profile/personal: the profile form of the player's personal details. */
export default function ProfilePersonal() {
  const profile = useProfile();
  if (!profile) return null;
  return <PersonalForm profile={profile} />;
}
