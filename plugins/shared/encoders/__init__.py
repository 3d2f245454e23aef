"""Transformer encoders shared by several plugins: windowing of long documents and the memo
that lets one forward pass serve every head of a multi-head model."""
