/** A full classroom: every desk taken. Drawn inline; decorative, the text beside it says it all. */
export function FullClassroomImage({ width = 240 }: { width?: number }) {
  const desks = [0, 1, 2].flatMap((row) => [0, 1, 2, 3].map((col) => ({ row, col })));
  const colours = ['#3b4cc0', '#0b7285', '#c2255c', '#2b8a3e', '#862e9c', '#d9480f'];
  return (
    <svg width={width} viewBox="0 0 240 170" role="presentation" aria-hidden="true" focusable="false">
      <rect x="0" y="0" width="240" height="170" rx="16" fill="#fff9e0" />
      {/* The blackboard with a "full" tally. */}
      <rect x="50" y="12" width="140" height="34" rx="4" fill="#2f4f3e" stroke="#a86b00" strokeWidth="3" />
      <path d="M68 22v16M76 22v16M84 22v16M92 22v16M62 34l36-8" stroke="#ffffff" strokeWidth="2.5" strokeLinecap="round" />
      <path d="M112 22v16M120 22v16M128 22v16M136 22v16M106 34l36-8" stroke="#ffffff" strokeWidth="2.5" strokeLinecap="round" />
      <circle cx="164" cy="29" r="9" fill="#ffd43b" />
      {desks.map(({ row, col }, index) => {
        const x = 30 + col * 50;
        const y = 62 + row * 34;
        return (
          <g key={`${row}-${col}`}>
            <circle cx={x + 15} cy={y + 6} r="7" fill={colours[index % colours.length]} />
            <rect x={x} y={y + 13} width="30" height="10" rx="2" fill="#a86b00" />
            <rect x={x + 3} y={y + 23} width="3" height="6" fill="#7a4a00" />
            <rect x={x + 24} y={y + 23} width="3" height="6" fill="#7a4a00" />
          </g>
        );
      })}
    </svg>
  );
}
