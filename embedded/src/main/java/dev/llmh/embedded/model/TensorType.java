package dev.llmh.embedded.model;

/** How a weight matrix is stored in the model file. Norm vectors are always F32. */
public enum TensorType {
  /** 32-bit floats. */
  F32(0, 1, 4),
  /** IEEE half precision. */
  F16(1, 1, 2),
  /** ggml's 8-bit block quantisation: blocks of 32 values, one F16 scale and 32 signed bytes. */
  Q8_0(8, 32, 34),
  /**
   * ggml's 4-bit block quantisation: blocks of 32 values, one F16 scale and 16 bytes of two 4-bit
   * quants each (value ≈ scale × (quant − 8); the scale is the block's largest magnitude, signed, over −8).
   */
  Q4_0(2, 32, 18);

  /** ggml's type id as the GGUF tensor info stores it. */
  final int ggmlType;
  /** Values per block. */
  final int blockSize;
  /** Bytes per block. */
  final int blockBytes;

  TensorType(int ggmlType, int blockSize, int blockBytes) {
    this.ggmlType = ggmlType;
    this.blockSize = blockSize;
    this.blockBytes = blockBytes;
  }

  /** The file type GGUF's {@code general.file_type} records for a model whose matrices are of this type. */
  int fileType() {
    return switch (this) {
      case F32 -> 0;
      case F16 -> 1;
      case Q8_0 -> 7;
      case Q4_0 -> 2;
    };
  }

  /** The type of ggml's type id {@code ggmlType}, among those this writer knows. */
  static TensorType ofGgml(int ggmlType) {
    for (TensorType type : values()) {
      if (type.ggmlType == ggmlType) {
        return type;
      }
    }
    throw new IllegalArgumentException("ggml tensor type " + ggmlType + " is not one the project reads");
  }

  /** Bytes that {@code values} values take; {@code values} must be a multiple of the block size. */
  long bytes(long values) {
    if (values % blockSize != 0) {
      throw new IllegalArgumentException(this + " needs a multiple of " + blockSize + " values, not " + values);
    }
    return values / blockSize * blockBytes;
  }
}
