import { ArrowLeft } from 'lucide-react'
import { Link, useParams } from 'wouter'

import { Button } from '@/components/ui/button'
import { RoundReview } from '@/features/reviews/components/round-review'

/** /rounds/{id}/review (admin, issue 11): a round's rubric, assignments and ranking. */
export default function RoundReviewPage() {
  const { id = '' } = useParams<{ id: string }>()
  return (
    <main
      id="main-content"
      tabIndex={-1}
      className="mx-auto w-full max-w-6xl px-4 py-8 focus:outline-none sm:px-6 lg:px-8"
    >
      <Button asChild variant="ghost" size="sm" className="-ml-3">
        <Link href="/rounds">
          <ArrowLeft aria-hidden="true" />
          Back to rounds
        </Link>
      </Button>
      <RoundReview roundId={id} />
    </main>
  )
}
