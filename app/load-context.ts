declare module "@remix-run/node" {
  interface AppLoadContext {
    /** Set per request by server.js and listed in the Content-Security-Policy header. */
    cspNonce: string;
    /** The client's address as Express reads it (`req.ip`, honouring TRUST_PROXY): the key of per-client limits. */
    clientIp?: string;
  }
}

export {};
