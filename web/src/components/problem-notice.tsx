/** Why the last attempt failed, announced as it appears; nothing while there is no failure. */
export function ProblemNotice({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="notice notice--problem" role="alert">
      {message}
    </p>
  );
}
