import type { Profile } from "#common/api/player";

/** The player's chosen drawing (public/avatars), else the nickname's first letter on the brand gradient. */
export function Avatar({
  profile,
  size = 36,
  className = "",
}: {
  profile: Pick<Profile, "avatarId" | "nickname"> | null;
  size?: number;
  className?: string;
}) {
  const style = { width: size, height: size };
  if (profile?.avatarId)
    return (
      <img
        src={`/avatars/${profile.avatarId}.svg`}
        alt=""
        width={size}
        height={size}
        style={style}
        className={`shrink-0 rounded-full bg-surface-3 ring-2 ring-accent/40 ${className}`}
      />
    );
  const letter =
    (profile?.nickname ?? "?")
      .replace(/[^\p{L}\p{N}]/gu, "")
      .charAt(0)
      .toUpperCase() || "★";
  return (
    <span
      aria-hidden="true"
      style={{ ...style, fontSize: size * 0.42 }}
      className={`grid shrink-0 place-items-center rounded-full bg-[linear-gradient(135deg,var(--c-accent-2),var(--c-accent))] font-bold text-white ring-2 ring-accent/30 ${className}`}
    >
      {letter}
    </span>
  );
}
