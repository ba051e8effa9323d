/** The app mark (same drawing as the icons in public/): a map pin holding a door, on the brand blue. */
export function BrandMark({ size = 44 }: { size?: number }) {
  return (
    <svg className="brand-mark" width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="16" fill="#fff" />
      <path
        d="M32 10c-9.4 0-17 7.3-17 16.4C15 38.7 32 54 32 54s17-15.3 17-27.6C49 17.3 41.4 10 32 10z"
        fill="#5272F2"
      />
      <rect x="25.5" y="17" width="13" height="19" rx="2" fill="#fff" />
      <circle cx="34.6" cy="27" r="1.6" fill="#5272F2" />
    </svg>
  );
}
