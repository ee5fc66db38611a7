declare module "@remix-run/node" {
  interface AppLoadContext {
    /** Set per request by server.js and listed in the Content-Security-Policy header. */
    cspNonce: string;
    /** The client's address as Express reads it (`req.ip`, honouring TRUST_PROXY): the key of per-client limits. */
    clientIp?: string;
    /** The path the request was sent to, as Express reads it: where a refused client's further posts are answered early. */
    requestPath?: string;
    /**
     * Headers the request's backend produces (a session cookie issued, refreshed or ended), collected across
     * every loader and action of the request: server.js makes one per request and adds them to whatever response
     * the request ends with (server/remix-handler.js), so no route carries them by hand.
     */
    responseHeaders: Headers;
  }
}

export {};
