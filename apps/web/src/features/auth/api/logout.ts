/**
 * A full page load, not a fetch: the server ends the session, clears the cookie and redirects
 * to /, and the fresh page then starts with no cached data of the signed-out user.
 */
export function logout(): void {
  window.location.href = '/api/logout'
}
