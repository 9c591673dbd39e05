import { MulterError } from 'multer';
import { AppException } from '../../common/errors/app.exception';
import { imageMulterOptions, mapUploadError } from './image-upload';

const mapped = (err: unknown, field = 'images', maxFiles = 3) => {
  const out = mapUploadError(err, { field, maxFiles });
  if (!(out instanceof AppException)) throw new Error('not mapped');
  return { status: out.getStatus(), ...(out.getResponse() as object) } as {
    status: number;
    code: string;
    message: string;
  };
};

describe('image upload limits and errors', () => {
  it('limits files to 5 MB each and to the allowed count, in memory', () => {
    const options = imageMulterOptions({ field: 'images', maxFiles: 3 });
    expect(options.limits).toMatchObject({ fileSize: 5 * 1024 * 1024, files: 3 });
    expect(options.storage).toBeDefined();
    expect(imageMulterOptions({ field: 'profileImage' }).limits).toMatchObject({ files: 1 });
  });

  it('maps a file over the limit to 413 IMAGE_TOO_LARGE', () => {
    expect(mapped(new MulterError('LIMIT_FILE_SIZE', 'images'))).toMatchObject({
      status: 413,
      code: 'IMAGE_TOO_LARGE',
    });
  });

  it('maps too many files to 400 TOO_MANY_IMAGES with a count-aware message', () => {
    expect(mapped(new MulterError('LIMIT_FILE_COUNT'))).toMatchObject({
      status: 400,
      code: 'TOO_MANY_IMAGES',
      message: 'لا يمكن رفع أكثر من 3 صور',
    });
    expect(mapped(new MulterError('LIMIT_UNEXPECTED_FILE', 'images'))).toMatchObject({ code: 'TOO_MANY_IMAGES' });
    expect(mapped(new MulterError('LIMIT_UNEXPECTED_FILE', 'profileImage'), 'profileImage', 1)).toMatchObject({
      code: 'TOO_MANY_IMAGES',
      message: 'يمكن رفع صورة واحدة فقط',
    });
  });

  it('maps a file in another field to 400 UNKNOWN_FIELD naming it', () => {
    const out = mapped(new MulterError('LIMIT_UNEXPECTED_FILE', 'avatar'), 'profileImage', 1);
    expect(out).toMatchObject({ status: 400, code: 'UNKNOWN_FIELD' });
    expect(out.message).toContain('avatar');
  });

  it('maps oversized text parts to 413 and broken bodies to 400 MULTIPART_INVALID', () => {
    expect(mapped(new MulterError('LIMIT_FIELD_VALUE', 'description'))).toMatchObject({
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
    });
    expect(mapped(new Error('Unexpected end of form'))).toMatchObject({ status: 400, code: 'MULTIPART_INVALID' });
  });
});
