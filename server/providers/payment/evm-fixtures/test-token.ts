/**
 * The test ERC-20 (TestToken.sol beside this file: 6 decimals like USDT, the deployer holds the supply), compiled
 * once with solc 0.8.26+commit.8a97fa7a.Emscripten.clang (optimizer on, 200 runs, evmVersion london) so tests deploy it without a compiler.
 */
export const TEST_TOKEN_ABI = [
  {
    inputs: [{ internalType: "uint256", name: "supply", type: "uint256" }],
    stateMutability: "nonpayable",
    type: "constructor",
  },
  {
    anonymous: false,
    inputs: [
      { indexed: true, internalType: "address", name: "owner", type: "address" },
      { indexed: true, internalType: "address", name: "spender", type: "address" },
      { indexed: false, internalType: "uint256", name: "value", type: "uint256" },
    ],
    name: "Approval",
    type: "event",
  },
  {
    anonymous: false,
    inputs: [
      { indexed: true, internalType: "address", name: "from", type: "address" },
      { indexed: true, internalType: "address", name: "to", type: "address" },
      { indexed: false, internalType: "uint256", name: "value", type: "uint256" },
    ],
    name: "Transfer",
    type: "event",
  },
  {
    inputs: [
      { internalType: "address", name: "", type: "address" },
      { internalType: "address", name: "", type: "address" },
    ],
    name: "allowance",
    outputs: [{ internalType: "uint256", name: "", type: "uint256" }],
    stateMutability: "view",
    type: "function",
  },
  {
    inputs: [
      { internalType: "address", name: "spender", type: "address" },
      { internalType: "uint256", name: "value", type: "uint256" },
    ],
    name: "approve",
    outputs: [{ internalType: "bool", name: "", type: "bool" }],
    stateMutability: "nonpayable",
    type: "function",
  },
  {
    inputs: [{ internalType: "address", name: "", type: "address" }],
    name: "balanceOf",
    outputs: [{ internalType: "uint256", name: "", type: "uint256" }],
    stateMutability: "view",
    type: "function",
  },
  {
    inputs: [],
    name: "decimals",
    outputs: [{ internalType: "uint8", name: "", type: "uint8" }],
    stateMutability: "view",
    type: "function",
  },
  {
    inputs: [],
    name: "name",
    outputs: [{ internalType: "string", name: "", type: "string" }],
    stateMutability: "view",
    type: "function",
  },
  {
    inputs: [],
    name: "symbol",
    outputs: [{ internalType: "string", name: "", type: "string" }],
    stateMutability: "view",
    type: "function",
  },
  {
    inputs: [],
    name: "totalSupply",
    outputs: [{ internalType: "uint256", name: "", type: "uint256" }],
    stateMutability: "view",
    type: "function",
  },
  {
    inputs: [
      { internalType: "address", name: "to", type: "address" },
      { internalType: "uint256", name: "value", type: "uint256" },
    ],
    name: "transfer",
    outputs: [{ internalType: "bool", name: "", type: "bool" }],
    stateMutability: "nonpayable",
    type: "function",
  },
  {
    inputs: [
      { internalType: "address", name: "from", type: "address" },
      { internalType: "address", name: "to", type: "address" },
      { internalType: "uint256", name: "value", type: "uint256" },
    ],
    name: "transferFrom",
    outputs: [{ internalType: "bool", name: "", type: "bool" }],
    stateMutability: "nonpayable",
    type: "function",
  },
] as const;

export const TEST_TOKEN_BYTECODE =
  "0x6080604052348015600f57600080fd5b5060405161062f38038061062f833981016040819052602c91607b565b600081815533808252600160209081526040808420859055518481529192917fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef910160405180910390a3506093565b600060208284031215608c57600080fd5b5051919050565b61058d806100a26000396000f3fe608060405234801561001057600080fd5b50600436106100935760003560e01c8063313ce56711610066578063313ce5671461012557806370a082311461013f57806395d89b411461015f578063a9059cbb14610182578063dd62ed3e1461019557600080fd5b806306fdde0314610098578063095ea7b3146100d857806318160ddd146100fb57806323b872dd14610112575b600080fd5b6100c26040518060400160405280600b81526020016a2a32b9ba102a32ba3432b960a91b81525081565b6040516100cf91906103f5565b60405180910390f35b6100eb6100e636600461045f565b6101c0565b60405190151581526020016100cf565b61010460005481565b6040519081526020016100cf565b6100eb610120366004610489565b61022d565b61012d600681565b60405160ff90911681526020016100cf565b61010461014d3660046104c6565b60016020526000908152604090205481565b6100c2604051806040016040528060048152602001631554d11560e21b81525081565b6100eb61019036600461045f565b6102df565b6101046101a33660046104e8565b600260209081526000928352604080842090915290825290205481565b3360008181526002602090815260408083206001600160a01b038716808552925280832085905551919290917f8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b9259061021b9086815260200190565b60405180910390a35060015b92915050565b6001600160a01b03831660009081526002602090815260408083203384529091528120548211156102915760405162461bcd60e51b8152602060048201526009602482015268616c6c6f77616e636560b81b60448201526064015b60405180910390fd5b6001600160a01b0384166000908152600260209081526040808320338452909152812080548492906102c4908490610531565b909155506102d590508484846102f5565b5060019392505050565b60006102ec3384846102f5565b50600192915050565b6001600160a01b0383166000908152600160205260409020548111156103475760405162461bcd60e51b815260206004820152600760248201526662616c616e636560c81b6044820152606401610288565b6001600160a01b0383166000908152600160205260408120805483929061036f908490610531565b90915550506001600160a01b0382166000908152600160205260408120805483929061039c908490610544565b92505081905550816001600160a01b0316836001600160a01b03167fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef836040516103e891815260200190565b60405180910390a3505050565b602081526000825180602084015260005b818110156104235760208186018101516040868401015201610406565b506000604082850101526040601f19601f83011684010191505092915050565b80356001600160a01b038116811461045a57600080fd5b919050565b6000806040838503121561047257600080fd5b61047b83610443565b946020939093013593505050565b60008060006060848603121561049e57600080fd5b6104a784610443565b92506104b560208501610443565b929592945050506040919091013590565b6000602082840312156104d857600080fd5b6104e182610443565b9392505050565b600080604083850312156104fb57600080fd5b61050483610443565b915061051260208401610443565b90509250929050565b634e487b7160e01b600052601160045260246000fd5b818103818111156102275761022761051b565b808201808211156102275761022761051b56fea264697066735822122089e193d99b039d05a3ca7d45a60df65743704738d8d1cade6df880a3d2c52eb764736f6c634300081a0033" as const;
