// The icons only the call area shows (icon-names.json `call`), registered when its chunk loads.
import { callIcons } from './call-icons.generated'
import { addIcons } from './register-icons'

addIcons(callIcons)
