"""Machinery every plugin kind may use: ONNX Runtime sessions, tokenizer calls, paragraph
pieces for long texts, text codecs. Imports no plugin kind."""
