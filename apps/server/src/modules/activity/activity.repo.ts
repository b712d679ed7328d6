import type { ActivityType } from '@hackathon/contract'
import type { Db } from '../../db/client.js'
import { activity } from '../../db/schema/index.js'

export async function record(
  db: Db,
  item: { type: ActivityType; name: string; action: string; applicantId?: string },
): Promise<void> {
  await db.insert(activity).values(item)
}

export async function recordMany(
  db: Db,
  items: { type: ActivityType; name: string; action: string; applicantId?: string }[],
): Promise<void> {
  if (items.length > 0) await db.insert(activity).values(items)
}
