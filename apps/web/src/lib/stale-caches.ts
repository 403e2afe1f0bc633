/**
 * Spec section 4: stale service workers and caches are removed at start-up. This app registers
 * none, so anything found belongs to an older build and would serve outdated files.
 */
export function removeStaleCaches(): void {
  if ('serviceWorker' in navigator) {
    void navigator.serviceWorker
      .getRegistrations()
      .then((registrations) => Promise.all(registrations.map((registration) => registration.unregister())))
      .catch(() => undefined);
  }
  if ('caches' in window) {
    void caches
      .keys()
      .then((keys) => Promise.all(keys.map((key) => caches.delete(key))))
      .catch(() => undefined);
  }
}
