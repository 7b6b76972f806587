/**
 * One image fetched as the app fetches it, with the default trust (Node's authorities and the
 * system's), from `https://localhost:<port>/a.png` (argv[2]); prints "shown" or "not shown".
 */
import { fetchImage } from '../../../src/main/core/images/fetch-image'
import { httpsImageNet } from '../../../src/main/core/images/system-net'
import { ManualClock } from '../../support/manual-clock'

const net = { ...httpsImageNet(), lookup: async () => [{ address: '127.0.0.1', family: 4 }] }
const checks = { allowed: () => true, mayBeLocal: () => true, maxBytes: 64 * 1024, timeoutMs: 5_000 }
const got = await fetchImage(net, new ManualClock(), `https://localhost:${process.argv[2]}/a.png`, checks)
process.stdout.write(got ? 'shown' : 'not shown')
