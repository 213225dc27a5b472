import { icon } from "./icons";

/**
 * Icons of the pages and modals that load after the first paint. `icons.tsx` holds what the shell and the home
 * page draw and is part of the home page's first-paint JavaScript (a module goes whole into one chunk), so an icon
 * only the later pages use lives here, out of that budget.
 */
export const CookieIcon = icon(
  "M21 12.5A9 9 0 1 1 11.5 3a3 3 0 0 0 4 3.5 3 3 0 0 0 5.5 6z",
  "M8.5 9.5h.01M15.5 15.5h.01M10 15h.01M12 12h.01",
);
export const WarningIcon = icon(
  "M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z",
  "M12 9v4M12 17h.01",
);
export const ChevronDownIcon = icon("m6 9 6 6 6-6");
export const CheckIcon = icon("m5 12 5 5 9-11");
export const PhoneIcon = icon(<rect x="6" y="2" width="12" height="20" rx="2.5" />, "M11 18h2");
export const KeyIcon = icon(<circle cx="8" cy="15" r="4" />, "m10.8 12.2 8.7-8.7M17 6l3 3M15 8l2 2");
// The shell's bottom navigation and side rail draw the chat's place on the first paint (issue 36).
export { ChatIcon } from "./icons";
export const PaperclipIcon = icon(
  "m20 11.5-8.3 8.3a5 5 0 0 1-7.1-7.1l8.6-8.6a3.3 3.3 0 0 1 4.7 4.7l-8.6 8.6a1.7 1.7 0 0 1-2.4-2.4l7.9-7.9",
);
export const SendIcon = icon("M21 3 10 14", "M21 3l-7 18-4-7-7-4z");
export const EyeIcon = icon(
  "M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z",
  <circle cx="12" cy="12" r="3" />,
);
export const EyeOffIcon = icon(
  "M9.9 4.2A9.8 9.8 0 0 1 12 4c6.4 0 10 8 10 8a17 17 0 0 1-2.2 3.2M6.6 6.6A17.6 17.6 0 0 0 2 12s3.6 8 10 8a9.6 9.6 0 0 0 5.4-1.6",
  "M14.1 14.1a3 3 0 1 1-4.2-4.2M2 2l20 20",
);
export const PlusIcon = icon("M12 5v14M5 12h14");
export const ArrowDownIcon = icon("M12 4v15M6 13l6 6 6-6");
export const ArrowUpIcon = icon("M12 20V5M6 11l6-6 6 6");
export const SwapIcon = icon("M7 4 3 8l4 4M3 8h14M17 20l4-4-4-4M21 16H7");
export const FilterIcon = icon("M4 5h16l-6 8v5l-4 2v-7z");
export const CalendarIcon = icon(
  <rect x="3.5" y="5" width="17" height="15" rx="2.5" />,
  "M3.5 10h17M8 3v4M16 3v4",
);
export const ClockIcon = icon(<circle cx="12" cy="12" r="8.5" />, "M12 7.5V12l3 2");
export const CheckCircleIcon = icon(<circle cx="12" cy="12" r="8.5" />, "m8.5 12.2 2.4 2.4 4.8-5.1");
export const XCircleIcon = icon(<circle cx="12" cy="12" r="8.5" />, "m9 9 6 6M15 9l-6 6");
export const ShieldCheckIcon = icon(
  "M12 3 5 6v5c0 4.5 3 8.3 7 10 4-1.7 7-5.5 7-10V6z",
  "m9 12 2.2 2.2L15.5 10",
);
export const ExternalIcon = icon(
  "M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5",
);
export const CopyIcon = icon(
  <rect x="8.5" y="8.5" width="11" height="11" rx="2" />,
  "M15.5 8.5V6a1.5 1.5 0 0 0-1.5-1.5H6A1.5 1.5 0 0 0 4.5 6v8A1.5 1.5 0 0 0 6 15.5h2.5",
);
export const ExpandIcon = icon("M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5");
export const ShrinkIcon = icon("M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5");
export const SparkIcon = icon(
  "M12 3v4M12 17v4M3 12h4M17 12h4M6 6l2.5 2.5M15.5 15.5 18 18M6 18l2.5-2.5M15.5 8.5 18 6",
);
