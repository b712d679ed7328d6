import { APP_NAME, type CurrentUser } from '@hackathon/contract'
import { Menu } from 'lucide-react'
import { Suspense, useState, type ReactNode } from 'react'

import { InShellContext } from '@/components/in-shell'
import { SkipLink } from '@/components/skip-link'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
  DrawerContent,
} from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import { TooltipProvider } from '@/components/ui/tooltip'
import { useLiveUpdates } from '@/lib/live-updates'

import { Sidebar } from './sidebar'

/**
 * The frame of every staff screen: the sidebar beside the page on wide screens; on a phone a
 * top bar whose menu button opens the same sidebar as a drawer. The page itself provides
 * <main id="main-content">, the skip link's target.
 */
export default function SignedInShell({
  user,
  children,
}: {
  user: CurrentUser
  children: ReactNode
}) {
  const [drawerOpen, setDrawerOpen] = useState(false)
  // The event stream is for staff; the server refuses it to anyone else (an applicant's pages are
  // in the shell too, issue 22).
  useLiveUpdates({ enabled: user.role === 'admin' || user.role === 'jury' })

  return (
    <TooltipProvider>
      <div className="min-h-dvh bg-muted md:flex">
        <SkipLink />
        <header className="sticky top-0 hidden h-dvh w-64 shrink-0 border-r border-border bg-background md:block">
          <Sidebar user={user} />
        </header>

        <header className="sticky top-0 z-40 flex items-center gap-2 border-b border-border bg-background px-2 py-2 md:hidden">
          <Dialog open={drawerOpen} onOpenChange={setDrawerOpen}>
            <DialogTrigger asChild>
              <Button variant="ghost" size="icon" aria-label="Open menu">
                <Menu aria-hidden="true" className="size-5" />
              </Button>
            </DialogTrigger>
            <DrawerContent>
              <DialogTitle className="sr-only">Menu</DialogTitle>
              <DialogDescription className="sr-only">Pages and your account</DialogDescription>
              <Sidebar user={user} onNavigate={() => setDrawerOpen(false)} />
            </DrawerContent>
          </Dialog>
          <span className="truncate text-lg font-bold tracking-tight">{APP_NAME}</span>
        </header>

        <div className="min-w-0 flex-1">
          {/* Its own boundary, so the sidebar stays on screen while a page's code loads. */}
          <Suspense
            fallback={
              <div className="grid min-h-dvh place-items-center">
                <Spinner />
              </div>
            }
          >
            <InShellContext.Provider value={true}>{children}</InShellContext.Provider>
          </Suspense>
        </div>
      </div>
    </TooltipProvider>
  )
}
