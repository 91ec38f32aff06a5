// MenuctlKit
