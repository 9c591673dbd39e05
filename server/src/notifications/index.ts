/** What the notifications feature offers other features: the seam outside channels plug into. */
export { noticeJobId, NoticeChannels, type NoticeChannel, type NoticeDelivery } from './channels/notice-channels';
