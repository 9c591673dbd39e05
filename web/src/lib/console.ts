/** Full page load into the operator console (a separate app under /admin). */
export function goToConsole(url: string): void {
  window.location.assign(url);
}
