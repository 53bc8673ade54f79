// Requests to the live board's API. A browser page is signed in by its HttpOnly cookie and sends the
// session's CSRF token (from /auth/me) with every POST; the Activity sets a bearer token instead.

export class Refused extends Error {
  constructor(readonly status: number, readonly code: string, message: string) {
    super(message);
  }
}

let bearer: string | null = null;
let csrf: string | null = null;

/** The Activity's session token, sent as Authorization: Bearer from now on (no cookie, no CSRF token). */
export function useBearer(token: string): void {
  bearer = token;
}

/** The Activity's session token, or null in a browser (signed in by its cookie). */
export function bearerToken(): string | null {
  return bearer;
}

function headers(extra: Record<string, string> = {}): Record<string, string> {
  return { Accept: "application/json", ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}), ...extra };
}

async function answer<T>(response: Response): Promise<T> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (!response.ok) {
    const said = (body ?? {}) as { error?: string; message?: string };
    throw new Refused(response.status, said.error ?? "", said.message ?? String(response.status));
  }
  return body as T;
}

export async function getJson<T>(path: string): Promise<T> {
  return answer<T>(await fetch(path, { headers: headers(), credentials: "same-origin", cache: "no-store" }));
}

async function csrfToken(): Promise<string | null> {
  if (bearer) return null;
  if (csrf === null) {
    const me = await getJson<{ csrf_token?: string }>("/auth/me");
    csrf = me.csrf_token ?? "";
  }
  return csrf || null;
}

export async function postJson<T>(path: string, body: unknown): Promise<T> {
  const token = await csrfToken();
  const response = await fetch(path, {
    method: "POST",
    headers: headers({ "Content-Type": "application/json", ...(token ? { "X-CSRF-Token": token } : {}) }),
    body: JSON.stringify(body),
    credentials: "same-origin",
    cache: "no-store",
  });
  if (response.status === 403) csrf = null; // a new session since: ask again next time
  return answer<T>(response);
}

/** A picture of the API as a blob: address an <img> can show. For the Activity only: an <img> sends no
 * Authorization header, so its bearer token cannot ride along as a browser's cookie does. Revoke the
 * address (URL.revokeObjectURL) once the picture is replaced. */
export async function fetchPicture(path: string): Promise<string> {
  const response = await fetch(path, { headers: headers({ Accept: "image/*" }) });
  if (!response.ok) throw new Refused(response.status, "", String(response.status));
  return URL.createObjectURL(await response.blob());
}

/** The address to sign in at, coming back to this page. */
export function signInUrl(): string {
  return `/auth/login?next=${encodeURIComponent(location.pathname + location.search)}`;
}
