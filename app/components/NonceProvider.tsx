import { createContext, useContext } from 'react'

/**
 * The content security policy's nonce of the response being rendered (issue 14): the server sets it per
 * response, every inline `<script>` carries it. In the browser it is '': browsers hide nonce attributes
 * after parsing, so '' is also what hydration finds in the document.
 */
const NonceContext = createContext('')

export const NonceProvider = NonceContext.Provider

export function useNonce(): string {
  return useContext(NonceContext)
}
