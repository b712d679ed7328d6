import { Link } from 'wouter'

import { Button } from '@/components/ui/button'

import { Brand } from './brand'

export function LandingHeader() {
  return (
    <header className="z-40 border-b border-border bg-background sm:sticky sm:top-0">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
        <Link href="/" className="self-start rounded-md sm:self-auto">
          <Brand />
        </Link>
        <nav aria-label="Sign in" className="flex gap-2">
          {/* Halves of the row on a phone, as flex-1 would be without overriding shrink-0. */}
          <Button asChild variant="outline" className="grow basis-0 sm:grow-0 sm:basis-auto">
            <Link href="/admin/login">Admin/Jury Login</Link>
          </Button>
          <Button asChild className="grow basis-0 sm:grow-0 sm:basis-auto">
            <Link href="/applicant/login">Applicant Login</Link>
          </Button>
        </nav>
      </div>
    </header>
  )
}
