/** What the notifications feature offers other features: the seam outside channels plug into. */
export { NoticeChannels, type NoticeChannel, type NoticeDelivery } from './channels/notice-channels';
