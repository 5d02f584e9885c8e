/** The success line under an account form (the same words also go to the notification list). */
export function BlockStatus({ show, message }: { show: boolean; message: string }) {
  if (!show) return null;
  return (
    <p role="status" className="account-status form-confirmation">
      {message}
    </p>
  );
}
