// Hands the request's CSP nonce from the server entry to the document's <Scripts>.
import { createContext, useContext } from 'react';

const NonceContext = createContext<string>('');
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
