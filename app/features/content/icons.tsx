/** Line icons for content sections, named in content files ("icon": "shield"). 24×24, stroke = currentColor. */
const PATHS: Record<string, string> = {
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

export function Icon({ name, className = "size-6" }: { name: string; className?: string }) {
  const d = PATHS[name] ?? PATHS.question!;
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={d} />
      {name === "adult" ? (
        <text
          x="12"
          y="15.6"
          textAnchor="middle"
          fontSize="8.5"
          fontWeight="800"
          fill="currentColor"
          stroke="none"
        >
          18+
        </text>
      ) : null}
    </svg>
  );
}
