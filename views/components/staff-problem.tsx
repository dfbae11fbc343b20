/** Why a back-office page shows less than it should (the API could not be read), announced; nothing without one. */
export function StaffProblem({ message }: { message: string | null | undefined }) {
  return message ? (
    <p className="staff-message" role="alert">
      {message}
    </p>
  ) : null;
}
