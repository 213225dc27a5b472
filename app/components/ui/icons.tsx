import { Fragment, type ReactElement, type SVGProps } from "react";

/**
 * The site's one icon set: line icons drawn on a 24px grid, inline so they cost a few bytes each and follow
 * `currentColor`; `NamedIcon` draws the ones content files name.
 */
export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

/**
 * Makes a line icon from its parts: a string is a path's `d`, anything else (a circle, a rect) is drawn as
 * written. Features with icons of their own draw them with this too.
 */
export function icon(...parts: (string | ReactElement)[]) {
  const children = parts.map((part, i) =>
    typeof part === "string" ? <path key={i} d={part} /> : <Fragment key={i}>{part}</Fragment>,
  );
  return function Icon({ size = 20, className, fill, stroke, strokeWidth, style, ...props }: IconProps) {
    // The line style is the `icon` class (app.css), not five attributes on each of the page's many icons; what
    // a caller sets instead (a filled heart, a bolder check) goes inline, where it beats the class.
    const own = fill !== undefined || stroke !== undefined || strokeWidth !== undefined;
    return (
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        className={className ? `icon ${className}` : "icon"}
        style={own ? { fill, stroke, strokeWidth, ...style } : style}
        aria-hidden="true"
        {...props}
      >
        {children}
      </svg>
    );
  };
}

export const HomeIcon = icon("M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z");
export const CrownIcon = icon("M3 7.5l4.5 4L12 4l4.5 7.5 4.5-4L19 18H5z", "M5 21h14");
export const QuestionIcon = icon(
  <circle cx="12" cy="12" r="9" />,
  "M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6",
  "M12 17h.01",
);
export const LifebuoyIcon = icon(
  <circle cx="12" cy="12" r="9" />,
  <circle cx="12" cy="12" r="3.5" />,
  "m5.6 5.6 3.9 3.9m5 5 3.9 3.9m-3.9-8.9 3.9-3.9m-8.9 8.9-3.9 3.9",
);
export const MailIcon = icon(<rect x="3" y="5" width="18" height="14" rx="2" />, "m3.5 7 8.5 6 8.5-6");
export const InfoIcon = icon(<circle cx="12" cy="12" r="9" />, "M12 16v-5M12 8h.01");
export const ShieldIcon = icon("M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z", "m9 12 2 2 4-4");
export const FileIcon = icon(
  "M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9z",
  "M14 3v6h6M8 13h8M8 17h5",
);
export const LockIcon = icon(<rect x="5" y="11" width="14" height="10" rx="2" />, "M8 11V7a4 4 0 0 1 8 0v4");
export const MenuIcon = icon("M4 6h16M4 12h16M4 18h16");
export const CloseIcon = icon("M6 6l12 12M18 6 6 18");
export const SunIcon = icon(
  <circle cx="12" cy="12" r="4" />,
  "M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4",
);
export const MoonIcon = icon("M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z");
export const MonitorIcon = icon(<rect x="3" y="4" width="18" height="12" rx="2" />, "M8 20h8M12 16v4");
export const CollapseIcon = icon("m11 17-5-5 5-5M18 17l-5-5 5-5");
export const GlobeIcon = icon(
  <circle cx="12" cy="12" r="9" />,
  "M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18",
);
export const SignInIcon = icon("M15 3h4a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-4", "m10 17 5-5-5-5M15 12H3");
export const PinIcon = icon(
  "M12 21s-7-6.2-7-12a7 7 0 0 1 14 0c0 5.8-7 12-7 12z",
  <circle cx="12" cy="9" r="2.5" />,
);
export const ArrowLeftIcon = icon("M19 12H5M12 19l-7-7 7-7");
export const UserIcon = icon(<circle cx="12" cy="8" r="4" />, "M4 21a8 8 0 0 1 16 0");
/** Two people: the referral programme (friends a player invited). */
export const UsersIcon = icon(
  <circle cx="9" cy="8" r="3.5" />,
  "M2.5 20a6.5 6.5 0 0 1 13 0M15.5 4.6a3.5 3.5 0 0 1 0 6.8M18 14.2a6.5 6.5 0 0 1 3.5 5.8",
);
export const LogoutIcon = icon("M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4", "m16 17 5-5-5-5M21 12H9");
export const DevicesIcon = icon(
  <rect x="2" y="4" width="14" height="11" rx="2" />,
  "M6 19h6M9 15v4",
  <rect x="17" y="9" width="5" height="11" rx="1.2" />,
);
export const SettingsIcon = icon(
  <circle cx="12" cy="12" r="3" />,
  "M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z",
);
export const BellIcon = icon("M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9", "M10.3 21a1.9 1.9 0 0 0 3.4 0");

// The wallet's
export const WalletIcon = icon(
  "M4 7.5A2.5 2.5 0 0 1 6.5 5H18a1 1 0 0 1 1 1v2",
  "M4 7.5V17a2 2 0 0 0 2 2h13a1 1 0 0 0 1-1v-3",
  "M20 9h-4.5a2.5 2.5 0 0 0 0 5H20a1 1 0 0 0 1-1v-3a1 1 0 0 0-1-1z",
);
export const GiftIcon = icon(
  <rect x="3" y="8" width="18" height="4" rx="1" />,
  "M5 12v8h14v-8M12 8v12M12 8S10.5 3.5 8 4.5 9 8 12 8zM12 8s1.5-4.5 4-3.5S15 8 12 8z",
);
export const SearchIcon = icon(<circle cx="11" cy="11" r="6.5" />, "m20 20-4.2-4.2");
export const ChevronRightIcon = icon("m9 6 6 6-6 6");
export const ChevronLeftIcon = icon("m15 6-6 6 6 6");

// The lobby's
export const HeartIcon = icon(
  "M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.2a4.3 4.3 0 0 1 7.5 2.6C19.5 15.4 12 20 12 20z",
);
export const PlayIcon = icon("M8 5.5v13l10.5-6.5z");
export const DiceIcon = icon(
  <rect x="4" y="4" width="16" height="16" rx="3.5" />,
  <path d="M9 9h.01M15 9h.01M12 12h.01M9 15h.01M15 15h.01" strokeWidth={2.6} />,
);
export const GridIcon = icon(
  <rect x="4" y="4" width="7" height="7" rx="1.5" />,
  <rect x="13" y="4" width="7" height="7" rx="1.5" />,
  <rect x="4" y="13" width="7" height="7" rx="1.5" />,
  <rect x="13" y="13" width="7" height="7" rx="1.5" />,
);
export const StudioIcon = icon("M4 8h16v11a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1z", "m4 8 2.5-4h11L20 8M9 12h6");
export const TrophyIcon = icon(
  "M8 4h8v5a4 4 0 0 1-8 0z",
  "M8 6H5a3 3 0 0 0 3 4M16 6h3a3 3 0 0 1-3 4M12 13v4M8.5 20h7M10 17h4",
);
export const HistoryIcon = icon("M4 12a8 8 0 1 0 2.4-5.7L4 8.5", "M4 4v4.5h4.5M12 8v4l3 2");

// Content sections'
/** Line icons for content sections, named in content files ("icon": "shield"). 24×24, stroke = currentColor. */
const NAMED_PATHS: Record<string, string> = {
  shield: "M12 3 5 6v5c0 4.5 3 8.3 7 10 4-1.7 7-5.5 7-10V6l-7-3Zm-3 9 2 2 4-4",
  bolt: "M13 2 4 14h7l-1 8 9-12h-7l1-8Z",
  coins:
    "M9 9c3.3 0 6-1.1 6-2.5S12.3 4 9 4 3 5.1 3 6.5 5.7 9 9 9Zm-6-2.5v5C3 12.9 5.7 14 9 14s6-1.1 6-2.5v-5M3 11.5v5C3 17.9 5.7 19 9 19c1.1 0 2.1-.1 3-.4m3-6.1c3.3 0 6 1.1 6 2.5s-2.7 2.5-6 2.5-6-1.1-6-2.5m12 0v3c0 1.4-2.7 2.5-6 2.5s-6-1.1-6-2.5v-3",
  headset:
    "M4 14v-2a8 8 0 1 1 16 0v2M4 14a2 2 0 0 1 2-2h1v6H6a2 2 0 0 1-2-2v-2Zm16 0a2 2 0 0 0-2-2h-1v6h1a2 2 0 0 0 2-2v-2Zm-3 4c0 2-2 3-5 3",
  mail: "M4 6h16v12H4V6Zm0 0 8 7 8-7",
  document: "M7 3h7l5 5v13H7V3Zm7 0v5h5M10 13h6m-6 4h6",
  lock: "M7 11V8a5 5 0 0 1 10 0v3M6 11h12v10H6V11Zm6 4v2",
  license: "M12 15a5 5 0 1 0 0-10 5 5 0 0 0 0 10Zm-3 3.5L8 22l4-2 4 2-1-3.5M10.5 10l1 1 2-2",
  dice: "M5 5h14v14H5V5Zm4 4h.01M15 9h.01M12 12h.01M9 15h.01M15 15h.01",
  adult: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Z",
  arrowLeft: "M19 12H5m6-6-6 6 6 6",
  arrowRight: "M5 12h14m-6-6 6 6-6 6",
  chevronLeft: "m15 6-6 6 6 6",
  chevronRight: "m9 6 6 6-6 6",
  check: "M5 12.5 10 17l9-10",
  question: "M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14m0 3h.01M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Z",
  heart: "M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10Z",
};

/**
 * An icon named in a content file ("icon": "shield"); an unknown name draws the question mark. The adult icon
 * draws `text` (the minimum age, "21+") inside its circle.
 */
export function NamedIcon({
  name,
  className = "size-6",
  text,
}: {
  name: string;
  className?: string;
  text?: string;
}) {
  const d = NAMED_PATHS[name] ?? NAMED_PATHS.question!;
  return (
    <svg viewBox="0 0 24 24" className={`icon ${className}`} aria-hidden="true">
      <path d={d} />
      {name === "adult" && text ? (
        <text
          x="12"
          y="15.6"
          textAnchor="middle"
          fontSize="8.5"
          fontWeight="800"
          fill="currentColor"
          stroke="none"
        >
          {text}
        </text>
      ) : null}
    </svg>
  );
}

/** The support chat: drawn by the shell's bottom navigation and side rail where the chat docks. */
export const ChatIcon = icon(
  "M21 12a8 8 0 0 1-11.6 7.1L4 20.5l1.4-4.9A8 8 0 1 1 21 12z",
  "M8.5 12h.01M12 12h.01M15.5 12h.01",
);
