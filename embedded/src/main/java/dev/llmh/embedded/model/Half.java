package dev.llmh.embedded.model;

/**
 * IEEE 754 half precision, both ways, as the model file stores F16 weights and Q8_0 scales: the
 * writer rounds to it and the output head reads it back.
 */
final class Half {

  private Half() {}

  /** IEEE 754 half precision of {@code f}, rounded to nearest even (Java 17 has no Float.floatToFloat16). */
  static short toHalf(float f) {
    int bits = Float.floatToRawIntBits(f);
    int sign = (bits >>> 16) & 0x8000;
    int exp = (bits >>> 23) & 0xff;
    int mant = bits & 0x7fffff;
    if (exp == 0xff) {
      return (short) (sign | 0x7c00 | (mant != 0 ? 0x200 : 0));
    }
    int e = exp - 127 + 15;
    if (e >= 0x1f) {
      return (short) (sign | 0x7c00);
    }
    if (e <= 0) {
      if (e < -10) {
        return (short) sign;
      }
      mant |= 0x800000;
      int shift = 14 - e;
      int half = mant >> shift;
      int rest = mant & ((1 << shift) - 1);
      int mid = 1 << (shift - 1);
      if (rest > mid || (rest == mid && (half & 1) != 0)) {
        half++;
      }
      return (short) (sign | half);
    }
    int half = (e << 10) | (mant >> 13);
    int rest = mant & 0x1fff;
    if (rest > 0x1000 || (rest == 0x1000 && (half & 1) != 0)) {
      half++; // a carry into the exponent is still correct, up to infinity
    }
    return (short) (sign | half);
  }

  /** IEEE 754 half precision to float, exactly. */
  static float fromHalf(short h) {
    int bits = h & 0xffff;
    int sign = (bits & 0x8000) << 16;
    int exp = (bits >>> 10) & 0x1f;
    int mant = bits & 0x3ff;
    if (exp == 0x1f) {
      return Float.intBitsToFloat(sign | 0x7f800000 | (mant << 13));
    }
    if (exp == 0) {
      float value = mant * 0x1.0p-24f;
      return sign == 0 ? value : -value;
    }
    return Float.intBitsToFloat(sign | ((exp - 15 + 127) << 23) | (mant << 13));
  }
}
