import { APP_NAME } from '@hackathon/contract'

import { Brand } from './brand'

export function LandingFooter() {
  return (
    <footer className="border-t border-border bg-background">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
        <Brand small />
        <p className="text-sm text-muted-foreground">
          {APP_NAME} is open-source software for running staged hackathons.
        </p>
      </div>
    </footer>
  )
}
