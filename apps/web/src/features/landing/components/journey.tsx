import { Code, FolderGit2, Lightbulb, Trophy, type LucideIcon } from 'lucide-react'

interface Stage {
  title: string
  description: string
  icon: LucideIcon
}

/** The four-stage journey of docs/product/screens.md#landing, in order. */
const STAGES: readonly Stage[] = [
  {
    title: 'Ideation',
    description: 'Register and submit your first idea for the problem you want to solve.',
    icon: Lightbulb,
  },
  {
    title: 'Prototype Submission',
    description: 'Build a working prototype and submit its GitHub repository before the deadline.',
    icon: Code,
  },
  {
    title: 'Project Submission',
    description: 'Grow the prototype into a complete project, resubmitting as often as you need.',
    icon: FolderGit2,
  },
  {
    title: 'Actual Hack',
    description: 'A live event where the selected teams build, present and compete for prizes.',
    icon: Trophy,
  },
]

export function Journey() {
  return (
    <section aria-labelledby="journey-title" className="bg-muted py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="journey-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
            Your journey in four stages
          </h2>
          <p className="mt-4 text-lg text-muted-foreground">
            Every participant moves through the same stages, each with its own deadline.
          </p>
        </div>
        <ol className="relative mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {STAGES.map(({ title, description, icon: Icon }, index) => (
            <li
              key={title}
              className="relative flex flex-col rounded-xl border border-border bg-card p-6 shadow-sm"
            >
              <div className="flex items-center justify-between">
                <span
                  aria-hidden="true"
                  className="grid size-10 place-items-center rounded-full bg-primary text-sm font-bold text-primary-foreground"
                >
                  {index + 1}
                </span>
                <Icon aria-hidden="true" className="size-6 text-primary" />
              </div>
              <p className="mt-4 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                Stage {index + 1}
              </p>
              <h3 className="mt-1 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-muted-foreground">{description}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  )
}
