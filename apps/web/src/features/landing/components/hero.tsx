import { APP_NAME } from '@hackathon/contract'
import { ArrowRight, CircleCheck, Clock, FolderGit2, Lock, RefreshCw, Sparkles } from 'lucide-react'
import { Link } from 'wouter'

import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'

const HIGHLIGHTS = [
  'GitHub submissions tracked per stage',
  'Deadlines enforced, resubmission supported',
  'Live statistics dashboard',
  'Automated email notifications',
]

export function Hero() {
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-linear-to-b from-secondary via-background to-background"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-12 pb-16 sm:px-6 sm:pt-20 sm:pb-24 lg:grid-cols-[1.2fr_1fr] lg:px-8">
        <div>
          <span className="inline-flex items-center gap-1 rounded-full border border-secondary-foreground/20 bg-background px-2.5 py-1 text-xs font-semibold whitespace-nowrap text-foreground [&_svg]:size-3">
            <Sparkles aria-hidden="true" className="text-primary" />
            Staged hackathons, end to end
          </span>
          <h1
            id="hero-title"
            className="mt-6 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl"
          >
            From registration to <span className="text-primary">final results</span>, in one place
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-pretty text-muted-foreground">
            {APP_NAME} guides every participant through registration, orientation, submissions and
            final results. GitHub submissions are tracked with deadline enforcement and resubmission
            support, a live statistics dashboard shows how the event is going, and automated
            notifications keep everyone informed.
          </p>
          <div className="mt-8">
            <Button asChild size="lg" elevation="lifted" className="w-full sm:w-auto">
              <Link href="/register">
                Register as Participant
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </div>
          <ul className="mt-8 grid gap-3 text-sm font-medium sm:grid-cols-2">
            {HIGHLIGHTS.map((text) => (
              <li key={text} className="flex items-center gap-2">
                <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-success" />
                {text}
              </li>
            ))}
          </ul>
        </div>
        <SubmissionPreview />
      </div>
    </section>
  )
}

/** An illustration of a participant's view; it repeats the page's content, so it is hidden from assistive technology. */
function SubmissionPreview() {
  return (
    <div aria-hidden="true" className="relative hidden lg:block">
      <div className="absolute -inset-4 rotate-2 rounded-2xl bg-primary/10" />
      <div className="relative rounded-2xl border border-border bg-card p-6 shadow-xl">
        <div className="flex items-center justify-between gap-4">
          <div>
            <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
              Current stage
            </p>
            <p className="mt-1 text-lg font-semibold">Prototype Submission</p>
          </div>
          <Badge variant="success">Open</Badge>
        </div>

        <div className="mt-6 rounded-lg border border-border bg-muted p-4">
          <div className="flex items-center gap-2 text-sm font-medium">
            <FolderGit2 className="size-4 text-primary" />
            github.com/your-team/your-project
          </div>
          <div className="mt-3 flex flex-wrap gap-x-4 gap-y-2 text-xs text-muted-foreground">
            <span className="inline-flex items-center gap-1">
              <Clock className="size-3.5" />
              Deadline enforced
            </span>
            <span className="inline-flex items-center gap-1">
              <RefreshCw className="size-3.5" />
              Resubmit until then
            </span>
          </div>
        </div>

        <div className="mt-6">
          <div className="flex justify-between text-sm">
            <span className="font-medium">Your journey</span>
            <span className="text-muted-foreground">Stage 2 of 4</span>
          </div>
          <div className="mt-2 h-2 overflow-hidden rounded-full bg-muted">
            <div className="h-full w-1/2 rounded-full bg-primary" />
          </div>
          <ul className="mt-4 grid gap-2 text-sm">
            <PreviewStage name="Ideation" state="done" />
            <PreviewStage name="Prototype Submission" state="open" />
            <PreviewStage name="Project Submission" state="locked" />
            <PreviewStage name="Actual Hack" state="locked" />
          </ul>
        </div>
      </div>
    </div>
  )
}

function PreviewStage({ name, state }: { name: string; state: 'done' | 'open' | 'locked' }) {
  return (
    <li className="flex items-center justify-between rounded-md px-2 py-1.5 odd:bg-muted/60">
      <span className="flex items-center gap-2">
        {state === 'done' && <CircleCheck className="size-4 text-success" />}
        {state === 'open' && <Clock className="size-4 text-primary" />}
        {state === 'locked' && <Lock className="size-4 text-muted-foreground" />}
        {name}
      </span>
      <span className="text-xs text-muted-foreground">
        {state === 'done' ? 'Selected' : state === 'open' ? 'In progress' : 'Locked'}
      </span>
    </li>
  )
}
