import { Injectable, PipeTransform } from '@nestjs/common';
import { isUUID } from 'class-validator';
import { AppException } from '../errors/app.exception';

/** Route ids are UUIDs; anything else is 400 INVALID_ID (not a database error). */
@Injectable()
export class ParseIdPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!isUUID(value)) throw new AppException('INVALID_ID');
    return value;
  }
}
