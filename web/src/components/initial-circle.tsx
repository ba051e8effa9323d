/** The person's first letter in a circle: their avatar in the top bar and on the profile. */
export function InitialCircle({ username, size = 'small' }: { username: string; size?: 'small' | 'large' }) {
  const initial = [...username.trim()][0]?.toUpperCase() ?? '?';
  return (
    <span className={`initial-circle initial-circle--${size}`} aria-hidden="true">
      {initial}
    </span>
  );
}
