import { AddRoundDialog } from '@/features/rounds/components/round-form-dialog'
import { RoundGrid } from '@/features/rounds/components/round-grid'

/** docs/product/screens.md#competition-rounds: the admin's cards of rounds. */
export default function RoundsPage() {
  return (
    <main
      id="main-content"
      tabIndex={-1}
      className="mx-auto w-full max-w-6xl px-4 py-8 focus:outline-none sm:px-6 lg:px-8"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Competition Rounds</h1>
          <p className="mt-1 text-muted-foreground">
            The hackathon’s stages: their schedule, requirements, templates and prizes.
          </p>
        </div>
        <AddRoundDialog />
      </div>
      <div className="mt-8">
        <RoundGrid />
      </div>
    </main>
  )
}
