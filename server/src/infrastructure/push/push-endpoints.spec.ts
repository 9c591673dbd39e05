import { isPushServiceEndpoint } from './push-endpoints';

describe('isPushServiceEndpoint', () => {
  it('accepts the browsers’ push services', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/fv3jabydF5c:APA91bE',
      'https://fcm.googleapis.com/wp/evZRV',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAC%2bw1Im',
      'https://web.push.apple.com/QMHc2v0d',
      'https://FCM.googleapis.com:443/fcm/send/x',
    ])
      expect([endpoint, isPushServiceEndpoint(endpoint, [])]).toEqual([endpoint, true]);
  });

  it('refuses any other address, however it is written', () => {
    for (const endpoint of [
      'https://127.0.0.1/push',
      'https://[::1]/push',
      'https://169.254.169.254/latest/meta-data',
      'https://10.0.0.5/push',
      'https://localhost/push',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evilfcm.googleapis.com/x',
      'https://fcm.googleapis.com./x',
      'https://user:pw@fcm.googleapis.com/x',
      'https://fcm.googleapis.com@evil.example/x',
      'https://notify.windows.com.evil.example/w',
      'https://evil-notify.windows.com/w',
      'https://evil.example/web.push.apple.com',
      'not a url',
    ])
      expect([endpoint, isPushServiceEndpoint(endpoint, [])]).toEqual([endpoint, false]);
  });

  it('accepts a configured extra origin exactly: its scheme, host and port', () => {
    const extra = ['https://127.0.0.1:43123'];
    expect(isPushServiceEndpoint('https://127.0.0.1:43123/push/abc', extra)).toBe(true);
    expect(isPushServiceEndpoint('https://127.0.0.1:43124/push/abc', extra)).toBe(false);
    expect(isPushServiceEndpoint('https://127.0.0.1/push/abc', extra)).toBe(false);
    expect(isPushServiceEndpoint('http://127.0.0.1:43123/push/abc', extra)).toBe(false);
    expect(isPushServiceEndpoint('https://a:b@127.0.0.1:43123/push/abc', extra)).toBe(false);
  });
});
