/** Web Push on this device: the offer after a first bid or watch, and the profile's on/off control. */
export { PushPrompt } from './components/push-prompt';
export { PushSettings } from './components/push-settings';
export { offerPushAfterEngagement } from './lib/push-offer';
