import { Card, CardContent } from '@/components/ui/card'

import type { QueryFailure } from './query-state'

/** QueryState's renderError for a screen whose first load failed: the error in a card. */
export function errorInCard({ alert }: QueryFailure) {
  return (
    <Card>
      <CardContent className="pt-6">{alert}</CardContent>
    </Card>
  )
}
