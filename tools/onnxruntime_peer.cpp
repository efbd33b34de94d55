// ONNX Runtime as a peer: being written (issue 5).
