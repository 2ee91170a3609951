/** The quests' glyph: a parchment scroll with a check, in the colours of the top bar's wheel. */
export function QuestIcon({ size = 20 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M6 3h11a3 3 0 0 1 3 3v1h-4v12a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3v-1h3z" fill="#ffe3a3" stroke="#b7791f" strokeWidth="1.4" />
      <path d="M16 7V6a2 2 0 1 1 4 0v1z" fill="#f6c35b" stroke="#b7791f" strokeWidth="1.4" />
      <path d="m8 12.5 2.2 2.2L14 10.5" fill="none" stroke="#22a36b" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
