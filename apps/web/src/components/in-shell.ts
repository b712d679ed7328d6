import { createContext, useContext } from 'react'

/**
 * True inside the signed-in shell (sidebar and menu): a page that brings its own frame elsewhere,
 * like the applicant pages, then leaves the frame to the shell.
 */
export const InShellContext = createContext(false)

export const useInShell = (): boolean => useContext(InShellContext)
