import { createContext, useContext } from "react";

/** What only the server knows about the document it renders; empty in the browser. */
export interface ServerDocument {
  /** This response's CSP nonce, for the inline scripts and the inline stylesheet. */
  nonce: string;
  /** The whole stylesheet, inlined in production so that the first paint needs no second response. */
  stylesheet: string;
  /** The inline script that starts the framework on intent (script.server.ts). */
  frameworkScript: string;
}

const ServerDocumentContext = createContext<ServerDocument>({ nonce: "", stylesheet: "", frameworkScript: "" });

/** Carries the server's part of the document from entry.server to the root layout. */
export const ServerDocumentProvider = ServerDocumentContext.Provider;
export const useServerDocument = () => useContext(ServerDocumentContext);
export const useNonce = () => useContext(ServerDocumentContext).nonce;
