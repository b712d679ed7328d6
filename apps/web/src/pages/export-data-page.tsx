import { ArrowLeft } from 'lucide-react'
import { Link } from 'wouter'

import { Button } from '@/components/ui/button'
import { ExportOptions } from '@/features/exports/components/export-options'

export default function ExportDataPage() {
  return (
    <main
      id="main-content"
      tabIndex={-1}
      className="mx-auto w-full max-w-5xl px-4 py-8 focus:outline-none sm:px-6 lg:px-8"
    >
      <Button asChild variant="ghost" size="sm" className="-ml-3">
        <Link href="/quick-actions">
          <ArrowLeft aria-hidden="true" />
          Back
        </Link>
      </Button>
      <h1 className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">Export Data</h1>
      <p className="mt-1 text-muted-foreground">
        Download reports and data exports from the system.
      </p>
      <div className="mt-8">
        <ExportOptions />
      </div>
    </main>
  )
}
