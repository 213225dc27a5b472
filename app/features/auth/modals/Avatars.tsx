import { useEffect, useState } from "react";
import type { Avatar } from "#common/api/player";
import { Pressable } from "~/components/ui/Button";
import { FormMessage, Spinner } from "~/components/ui/Field";
import { serverErrors } from "~/components/ui/form";
import { UserIcon } from "~/components/ui/icons";
import { CheckIcon } from "~/components/ui/page-icons";
import { useTranslation } from "~/lib/i18n-react";
import { api } from "~/lib/session/client";
import { setProfile } from "~/lib/session/session";
import { useProfile } from "~/lib/session/use-session";
import { ModalFrame } from "~/modals/ModalFrame";
import type { ModalProps } from "~/modals/registry";

/** `?avatars=true`: the drawings a player may pick (GET /api/player/avatar/list); a click sets one. */
export default function Avatars({ close }: ModalProps) {
  const { t } = useTranslation("modals");
  const profile = useProfile();
  const [list, setList] = useState<Avatar[]>();
  const [saving, setSaving] = useState<string>();
  const [failure, setFailure] = useState<string>();

  useEffect(() => {
    api()
      .get("/player/avatar/list")
      .then(setList)
      .catch(() => setFailure(t("auth.failed")));
  }, [t]);

  const pick = async (id: string) => {
    setSaving(id);
    setFailure(undefined);
    try {
      setProfile(await api().post("/player/avatar/set-avatar", { avatarId: id }));
      close();
    } catch (err) {
      setFailure(serverErrors(err, [], () => {}, t("auth.failed")));
    } finally {
      setSaving(undefined);
    }
  };

  return (
    <ModalFrame
      icon={<UserIcon size={22} />}
      title={t("avatars.title")}
      description={t("avatars.description")}
    >
      <FormMessage>{failure}</FormMessage>
      {!list && !failure && (
        <div className="grid grid-cols-4 gap-3 sm:grid-cols-5" aria-busy="true">
          {Array.from({ length: 10 }, (_, i) => (
            <span key={i} className="aspect-square animate-pulse rounded-2xl bg-surface-2" />
          ))}
        </div>
      )}
      {list && (
        <ul className="grid grid-cols-4 gap-3 sm:grid-cols-5">
          {list.map((a) => {
            const current = profile?.avatarId === a.id;
            return (
              <li key={a.id}>
                <Pressable
                  onClick={() => pick(a.id)}
                  disabled={Boolean(saving)}
                  aria-pressed={current}
                  title={a.name}
                  className={`relative grid aspect-square w-full place-items-center rounded-2xl border-2 bg-surface-2 p-2 transition hover:-translate-y-0.5 hover:border-accent/60 disabled:opacity-70 ${
                    current ? "border-accent" : "border-transparent"
                  }`}
                >
                  <img src={a.url} alt={a.name} className="size-full rounded-full" loading="lazy" />
                  {current && (
                    <span className="absolute top-1 right-1 grid size-5 place-items-center rounded-full bg-accent text-accent-fg">
                      <CheckIcon size={12} strokeWidth={3} />
                    </span>
                  )}
                  {saving === a.id && (
                    <span className="absolute inset-0 grid place-items-center rounded-2xl bg-bg/60">
                      <Spinner />
                    </span>
                  )}
                </Pressable>
              </li>
            );
          })}
        </ul>
      )}
    </ModalFrame>
  );
}
