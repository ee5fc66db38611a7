// A browser's cookie jar, as much of it as the tests, the load test and the benchmarks need: name=value pairs,
// updated from Set-Cookie headers (a cookie set empty, with Max-Age=0 or expired in 1970 is removed), sent back as
// one Cookie header. Domains and paths are ignored: everything here talks to one shop.

export class CookieJar {
  /** @type {Map<string, string>} */
  #cookies = new Map();

  /**
   * A jar holding the pairs of a Cookie request header ("a=1; b=2").
   * @param {string} [header]
   */
  static fromHeader(header = "") {
    const jar = new CookieJar();
    for (const pair of header.split(/;\s*/).filter(Boolean)) {
      const separator = pair.indexOf("=");
      jar.set(pair.slice(0, separator).trim(), pair.slice(separator + 1).trim());
    }
    return jar;
  }

  /**
   * Applies a response's Set-Cookie headers: from fetch's Headers, or node:http's `headers["set-cookie"]` list.
   * @param {Headers | readonly string[] | undefined} setCookies
   * @returns {this}
   */
  store(setCookies) {
    const list = setCookies === undefined ? [] : "getSetCookie" in setCookies ? setCookies.getSetCookie() : setCookies;
    for (const setCookie of list) {
      const [pair = ""] = setCookie.split(";");
      const separator = pair.indexOf("=");
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = value === "" || /max-age=0/i.test(setCookie) || /expires=thu, 01 jan 1970/i.test(setCookie);
      if (expired) this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
    return this;
  }

  /** @param {string} name @returns {string | undefined} the value as sent (still URL-encoded) */
  get(name) {
    return this.#cookies.get(name);
  }

  /** @param {string} name @param {string} value @returns {this} */
  set(name, value) {
    this.#cookies.set(name, value);
    return this;
  }

  /** @param {string} name @returns {this} */
  delete(name) {
    this.#cookies.delete(name);
    return this;
  }

  /** The Cookie request header a browser would send ("" when the jar is empty). */
  header() {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

/**
 * The Cookie header a browser sends after a response: `previous` with the Set-Cookie headers applied.
 * @param {Headers | readonly string[] | undefined} setCookies
 * @param {string} [previous]
 */
export function cookiesAfter(setCookies, previous = "") {
  return CookieJar.fromHeader(previous).store(setCookies).header();
}
