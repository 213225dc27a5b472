import { useState } from "react";
import { Toggle } from "~/components/ui/Choice";
import { alert } from "~/lib/alerts";
import { api } from "~/lib/session/client";
import { setProfile } from "~/lib/session/session";
import { useProfile } from "~/lib/session/use-session";

/** The player's yes/no settings that are saved as they are switched. */
export type ProfileSwitchName = "receiveEmailPromo" | "receiveSmsPromo" | "receiveBonus";

/**
 * A yes/no setting of the player's profile, saved as it is switched: shown switched at once, put back (with an
 * alert) when the server refuses, held still while it is on its way. Nothing for a guest.
 */
export function ProfileSwitch({
  name,
  label,
  description,
  testId,
}: {
  name: ProfileSwitchName;
  label: string;
  description?: string;
  testId: string;
}) {
  const profile = useProfile();
  const [saving, setSaving] = useState(false);
  if (!profile) return null;

  const change = async (value: boolean) => {
    setSaving(true);
    const before = profile;
    setProfile({ ...profile, [name]: value });
    try {
      setProfile(await api().put("/player/profile", { [name]: value }));
    } catch {
      setProfile(before);
      alert.error("something-wrong");
    } finally {
      setSaving(false);
    }
  };

  return (
    <Toggle
      testId={testId}
      // A player who signed up where the wish is not asked wants bonuses (the server's default).
      checked={profile[name] ?? true}
      disabled={saving}
      onChange={(v) => void change(v)}
      label={label}
      description={description}
    />
  );
}
