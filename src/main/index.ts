/**
 * Electron entry. Everything it does lives in `shell/` (launch → start), where tests drive it
 * through a double of the `electron` module.
 */
import { launch } from './shell/launch'

void launch()
