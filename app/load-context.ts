declare module "@remix-run/node" {
  interface AppLoadContext {
    /** Set per request by server.js and listed in the Content-Security-Policy header. */
    cspNonce: string;
  }
}

export {};
