// The company's mark: a 3 × 3 grid of pixels lighting up diagonally, drawn inline so that it
// costs no request and stays sharp at any size. Decorative: the link around it carries the name.
export function BrandMark({ size = 36 }: { size?: number }) {
  const pixels = [0, 1, 2].flatMap((row) => [0, 1, 2].map((column) => ({ row, column })));
  return (
    <svg className="brand-mark" viewBox="0 0 36 36" width={size} height={size} aria-hidden="true" focusable="false">
      <rect width="36" height="36" rx="8" fill="#0f1b31" />
      {pixels.map(({ row, column }) => (
        <rect
          key={`${row}-${column}`}
          x={6 + column * 9}
          y={6 + row * 9}
          width="6"
          height="6"
          rx="1.5"
          fill={['#22d3ee', '#38bdf8', '#818cf8', '#c084fc', '#f472b6'][row + column]}
        />
      ))}
    </svg>
  );
}
