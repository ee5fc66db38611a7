import { createContext, useContext } from "react";

const NonceContext = createContext<string>("");

/** Carries the per-request CSP nonce from entry.server to the inline scripts that Remix renders. */
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
