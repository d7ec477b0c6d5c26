/** The account pages' heading with the log-out button (shown once the login is known). */
export function AccountHead({
  title,
  logoutText,
  onLogout,
  loggedIn,
}: {
  title: string;
  logoutText: string;
  onLogout: () => void;
  loggedIn: boolean;
}) {
  return (
    <div className="account-head">
      <h1>{title}</h1>
      {loggedIn && (
        <button className="button button-light-outline" type="button" onClick={onLogout}>
          {logoutText}
        </button>
      )}
    </div>
  );
}
